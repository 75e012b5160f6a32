"""The simulator: the same interfaces as ``hw``, virtual, so the whole product runs on a laptop
with the real firmware, wire protocol and app; only the physics is fake."""
