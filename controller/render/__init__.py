"""Pure rendering: game state and UI state in, an LED frame for a board profile out.

Like ``controller.games``, nothing here reads files, clocks or hardware."""
