"""Computer players: a general search for every game and a Kaskade specialist, bounded by time
and set by levels. They use only the game interface in ``controller.games``."""
