"""``python -m puntobanco``."""

import sys

from puntobanco.cli import main

sys.exit(main())
