"""One package per game; each package's ``__init__`` defines ``GAME``."""
