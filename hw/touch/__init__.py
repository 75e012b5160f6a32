"""The touch link: the Pi's side of the wire protocol to the board's microcontroller, over USB
serial with pyserial — finding the board, the handshake, and a link that survives unplugging."""
