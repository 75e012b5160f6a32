"""The Pi's own pins through gpiozero: the menu and undo buttons, the buzzer and the status
LED. Every class takes gpiozero's ``pin_factory``, so tests run them on its MockFactory."""
