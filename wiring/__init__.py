"""The reference builds' board profiles (``*.toml``), shipped with the package as data."""
