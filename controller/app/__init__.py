"""The app: sessions (seats, undo, saving), menus and the event loop around the pure games."""
