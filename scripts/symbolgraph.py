"""Reads a module's symbol graph from a finished build, for the checks that look at declarations
(doc-coverage.py: doc comments; package-access.py: what stays `public`)."""
import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
# C modules the Swift modules import, ours (system libraries) and the dependencies' (e.g. swift-atomics'
# shims): the extractor needs their module maps, as the compiler did.
MODULE_MAP_PATTERNS = ["Sources/*/module.modulemap", ".build/checkouts/*/Sources/*/include/module.modulemap"]


def extract(module, modules_dir, out_dir, access_level, tool):
    """Extracts `module`'s symbols at `access_level` or above (`swift symbolgraph-extract`); exits
    with `tool`'s name and the extractor's message if it fails."""
    command = ["swift", "symbolgraph-extract", "-module-name", module, "-minimum-access-level", access_level,
               "-I", str(modules_dir), "-output-dir", str(out_dir)]
    for pattern in MODULE_MAP_PATTERNS:
        for module_map in sorted(ROOT.glob(pattern)):
            command += ["-I", str(module_map.parent)]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{tool}: symbolgraph-extract failed for {module}:\n{result.stderr}")
    return json.loads((pathlib.Path(out_dir) / f"{module}.symbols.json").read_text())
