"""Build hook: compile the message catalogue (each ``.po`` file to its ``.mo``) with Babel.

Runs for the wheel and for ``pip install -e`` (hatchling's editable wheel):
the ``.mo`` files are written next to their sources in the source tree, where
an editable install reads them, and a wheel takes them in (git ignores them,
so hatchling would leave them out). The sdist ships the ``.po`` files and this
hook, so a wheel built from it compiles its own. ``src/puntobanco/i18n/build.py``
does the work; it is loaded by its path because puntobanco is not installed yet.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogueBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile the catalogue before the wheel is assembled."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        path = Path(self.root) / "src" / "puntobanco" / "i18n" / "build.py"
        spec = importlib.util.spec_from_file_location("_puntobanco_i18n_build", path)
        assert spec is not None and spec.loader is not None
        build = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(build)
        package = Path(self.root) / "src"
        for written in build.write_all():
            if version != "editable":
                build_data["force_include"][str(written)] = str(written.relative_to(package))
