"""One package per game; each registers itself with the engine's registry when imported."""
