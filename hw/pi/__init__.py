"""The Raspberry Pi itself: the facts of the machine, the board assembled from its parts,
the checks of ``kaskade doctor`` and the files that start the board at power-on."""
