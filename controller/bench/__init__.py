"""Speed measurements behind ``kaskade bench``: what the Pi's budget depends on."""
