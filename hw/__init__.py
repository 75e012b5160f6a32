"""Real hardware behind the app's small interfaces: LED strips, the touch link to the board's
microcontroller, GPIO buttons and buzzer, and firmware flashing. Each backend is imported only
when it is opened, so this package imports on any desktop."""
