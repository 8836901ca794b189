"""``puntobanco completion bash|zsh|fish``: each script is produced, the shells
installed here accept it, and bash completes commands and flags with it."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from puntobanco.cli import COMMANDS, main

SHELLS = {
    "bash": ["bash", "-n"],
    "zsh": ["zsh", "-n"],
    "fish": ["fish", "--no-execute"],
}


def script(shell: str, lang: str = "en") -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["--lang", lang, "completion", shell]) == 0
    return out.getvalue()


@pytest.mark.parametrize("shell", sorted(SHELLS))
def test_each_shell_gets_a_script_that_names_every_command(shell: str, tmp_path: Path) -> None:
    text = script(shell)
    for command in COMMANDS:
        assert command in text, command
    assert "print-config" in text and "log-format" in text
    path = tmp_path / f"puntobanco.{shell}"
    path.write_text(text, encoding="utf-8")
    binary = shutil.which(SHELLS[shell][0])
    if binary is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{shell} is missing: .ci/run installs it")
        pytest.skip(f"{shell} is not installed (apt-get install {shell})")
    checked = subprocess.run([*SHELLS[shell], str(path)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_bash_completes_a_command_and_its_flags(tmp_path: Path) -> None:
    path = tmp_path / "puntobanco.bash"
    path.write_text(script("bash"), encoding="utf-8")

    def complete(*words: str) -> list[str]:
        line = " ".join(["puntobanco", *words])
        probe = (
            f"source {path}; COMP_WORDS=({line}); COMP_CWORD={len(words)}; "
            f'COMP_LINE="{line}"; COMP_POINT=${{#COMP_LINE}}; _shtab_puntobanco; '
            'printf "%s\\n" "${COMPREPLY[@]}"'
        )
        done = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, check=True)
        return done.stdout.split()

    assert complete("se") == ["serve"]
    assert "--print-config" in complete("serve", "--pr")
    assert set(complete("serve", "--log-format", "")) == {"text", "json"}
    assert set(complete("completion", "")) == {"bash", "zsh", "fish"}


def test_the_descriptions_are_in_the_users_language() -> None:
    assert "lancer la table web" in script("zsh", "fr")
    assert "iniciar la mesa web" in script("fish", "es")
