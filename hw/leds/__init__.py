"""The Pi's LED backends behind the app's ``PixelsOut``: rpi_ws281x on the Pi 1-4, Adafruit
NeoPixel through Blinka on the Pi 5 and elsewhere; ``open_pixels`` picks by the profile."""
