"""The distributions: ``python -m build`` makes an sdist and a wheel that carry the
licence and complete metadata, and the wheel installed with its ``web`` extra in a
fresh virtual environment gives a ``puntobanco serve`` that answers.

The fresh environment is made without pip (``venv --without-pip``: ensurepip alone
takes longer than the rest) and filled by this interpreter's pip through
``--python``; it sees none of this environment's packages. pip takes what it can
from its cache, the rest from the index.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tarfile
import zipfile
from email.parser import HeaderParser
from pathlib import Path

import pytest

import puntobanco
from tests.web.conftest import free_port
from tests.web.serve_process import ServeProcess

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return out


@pytest.mark.slow
def test_the_sdist_and_the_wheel_carry_the_licence_and_the_metadata(dist: Path) -> None:
    version = puntobanco.__version__
    (wheel,) = dist.glob("*.whl")
    (sdist,) = dist.glob("*.tar.gz")
    assert wheel.name == f"puntobanco-{version}-py3-none-any.whl"
    licence = (ROOT / "LICENSE").read_bytes()
    assert b"MIT License" in licence and b"the puntobanco developers" in licence
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        info = f"puntobanco-{version}.dist-info"
        assert z.read(f"{info}/licenses/LICENSE") == licence
        metadata = HeaderParser().parsestr(z.read(f"{info}/METADATA").decode("utf-8"))
        assert "puntobanco/web/static/vendor/swagger-ui/swagger-ui-bundle.js" in names
        assert f"{info}/licenses/src/puntobanco/web/static/vendor/swagger-ui/LICENSE" in names
    with tarfile.open(sdist) as tar:
        member = tar.extractfile(f"puntobanco-{version}/LICENSE")
        assert member is not None and member.read() == licence
        assert not any("axe.min.js" in n for n in tar.getnames())
    assert metadata["Version"] == version
    assert metadata["License-Expression"] == "MIT AND Apache-2.0"
    assert "LICENSE" in metadata.get_all("License-File", [])
    classifiers = metadata.get_all("Classifier", [])
    assert "Topic :: Games/Entertainment" in classifiers and len(classifiers) > 10
    assert "baccarat" in (metadata["Keywords"] or "")
    urls = dict(u.split(", ", 1) for u in metadata.get_all("Project-URL", []))
    assert set(urls) == {"Homepage", "Documentation", "Source", "Issues"}
    assert all(u.startswith("https://github.com/puntobanco/puntobanco") for u in urls.values())
    assert urls["Issues"].endswith("/issues") and urls["Documentation"].endswith("/docs")
    extras = metadata.get_all("Provides-Extra", [])
    assert {"web", "completion", "pg", "tui"} <= set(extras)
    assert any(
        re.match(r"prometheus-client.*extra == .web.", r)
        for r in metadata.get_all("Requires-Dist", [])
    )


@pytest.mark.slow
def test_the_wheel_in_a_fresh_environment_serves(dist: Path, tmp_path: Path) -> None:
    (wheel,) = dist.glob("*.whl")
    env = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env)], check=True)
    python = env / "bin" / "python"
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
         "--disable-pip-version-check", f"{wheel}[web]"],
        capture_output=True,
        text=True,
    )  # fmt: skip
    assert installed.returncode == 0, installed.stderr[-3000:]
    where = subprocess.run(
        [str(python), "-c", "import puntobanco, sys; print(puntobanco.__file__, sys.prefix)"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    ).stdout
    assert str(env) in where and str(ROOT / "src") not in where  # the wheel's copy
    port = free_port()
    command = [str(env / "bin" / "puntobanco"), "serve"]
    args = ["--port", str(port), "--db", str(tmp_path / "w.db"), "--log-format", "json"]
    with ServeProcess(tmp_path, port, args, command=command) as serve:
        health = serve.get("/healthz").json()
        assert health == {"status": "ok", "version": puntobanco.__version__}
        assert serve.get("/readyz").status_code == 200
        docs = serve.get("/api/docs").text
        bundle = re.search(r'src="(/static/vendor/swagger-ui/swagger-ui-bundle\.\w+\.js)"', docs)
        assert bundle is not None and serve.get(bundle[1]).status_code == 200
    version = subprocess.run(
        [str(env / "bin" / "puntobanco"), "--version"], capture_output=True, text=True, check=True
    )
    assert version.stdout.strip() == f"puntobanco {puntobanco.__version__}"
