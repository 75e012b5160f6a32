"""``python -m controller`` runs the ``kaskade`` command line."""

from controller.cli import main

raise SystemExit(main())
