"""Play across homes: a seat whose moves come from another board through an MQTT broker.

``messages`` (what the boards say), ``chance`` (dice neither can bend), ``table`` (the game as
both boards' logs tell it) are pure; the rest connects them to a broker and to the app."""
