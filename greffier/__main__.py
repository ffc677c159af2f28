"""``python -m greffier``: the command-line interface."""

import greffier  # noqa: F401  (privacy switches first)
from greffier.cli import main

raise SystemExit(main())
