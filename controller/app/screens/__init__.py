"""The app's screens: home, choosing the board size, playing, and the pause menu."""
