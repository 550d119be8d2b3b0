#!/usr/bin/env python3
"""Counts the public and package symbols of TouchBridge's library modules that have no doc comment.

Reads the modules of a finished debug build (`swift build`) through the toolchain's
`swift symbolgraph-extract`, so it takes a few seconds and downloads nothing. Members the compiler
synthesizes (Equatable, Codable, protocol default implementations from other modules) are not
counted: they have no source to document. `package` symbols count like public ones: the modules no
product exports declare their API `package` (scripts/package-access.py), and it is still API.

    scripts/doc-coverage.py           # per-module counts; exit 1 if any module has undocumented symbols
    scripts/doc-coverage.py --list    # also every undocumented symbol as file:line: Module.path
"""
import argparse
import pathlib
import sys
import tempfile

import symbolgraph

ROOT = symbolgraph.ROOT
# Every library module; the executables (`touchbridge`, `transport-echo`) and test support have no
# public API of their own.
MODULES = [
    "TouchKit",
    "TouchBridgeScenes",
    "TouchBridgeProtocol",
    "TouchBridgeServer",
    "TouchBridgeTransport",
    "TouchBridgeHost",
    "TouchBridgeClient",
    "TouchBridgeQR",
    "TouchBridgeArtefact",
    "TouchBridge",
    "TouchKitBenchSupport",
]
def undocumented(module, modules_dir, out_dir):
    """Extracts `module`'s public and package symbol graph and returns its undocumented symbols."""
    graph = symbolgraph.extract(module, modules_dir, out_dir, "package", "doc-coverage")
    missing = []
    for symbol in graph["symbols"]:
        if "::SYNTHESIZED::" in symbol["identifier"]["precise"] or symbol.get("docComment"):
            continue
        location = symbol.get("location", {})
        path = location.get("uri", "").removeprefix(f"file://{ROOT}/")
        line = location.get("position", {}).get("line", -1) + 1
        missing.append(f"{path}:{line}: {module}.{'.'.join(symbol['pathComponents'])}")
    return sorted(missing)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="print every undocumented symbol")
    parser.add_argument("--build-path", default=str(ROOT / ".build/debug"),
                        help="the build's binary folder (default .build/debug)")
    parser.add_argument("modules", nargs="*", default=MODULES, help=f"modules to check (default {' '.join(MODULES)})")
    arguments = parser.parse_args()
    modules_dir = pathlib.Path(arguments.build_path) / "Modules"
    if not modules_dir.is_dir():
        sys.exit(f"doc-coverage: {modules_dir} does not exist; run `swift build` first")
    total = 0
    with tempfile.TemporaryDirectory() as out_dir:
        for module in arguments.modules:
            missing = undocumented(module, modules_dir, pathlib.Path(out_dir))
            total += len(missing)
            print(f"{module}: {len(missing)} public or package symbols without a doc comment")
            if arguments.list:
                for entry in missing:
                    print(f"  {entry}")
    if total:
        print(f"doc-coverage: {total} public or package symbols without a doc comment (zero allowed; --list names them)",
              file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
