#!/usr/bin/env python3
"""Lists the `public` declarations of modules no product exports that no product's public interface needs.

A module that is not a library product (TouchBridgeServer, TouchBridgeHost, TouchBridgeTransport …)
cannot be imported by another package, so its declarations are `package`: the package's own
modules and tests see them, nobody else does. One stays `public` only when a product's public
interface needs it — a product's public declaration names it (a parameter, result, property,
superclass, conformance, generic constraint or default argument), or a product re-exports it
(`@_exported import`) — or it is a member of such a declaration (a user can reach it there; a
protocol's default implementation counts as a member). Everything those members name is needed in turn. An `open` declaration is allowed too: Swift has no package-wide subclassing, so
a class (or method) another module of the package subclasses (or overrides) must be `open`.

Reads the modules of a finished debug build (`swift build`) through `swift symbolgraph-extract`,
like scripts/doc-coverage.py, so it takes a few seconds.

    scripts/package-access.py          # per-module counts; exit 1 if any `public` is not needed
    scripts/package-access.py --list   # also each needed and unneeded declaration as file:line
    scripts/package-access.py --json   # {"unneeded": [{"file", "line", "symbol"}], "needed": [...]}
"""
import argparse
import json
import pathlib
import re
import subprocess
import sys
import tempfile

import symbolgraph

ROOT = symbolgraph.ROOT
# `@_exported import Module` or `@_exported import class Module.Symbol`.
REEXPORT = re.compile(r"^\s*@_exported\s+import\s+(?:\w+\s+)?(\w+)(?:\.(\w+))?", re.MULTILINE)
# A default argument's value in a declaration's text (`= ProtocolVersion.current`): the names it spells.
DEFAULT_VALUE = re.compile(r"=\s*([A-Za-z_]\w*(?:\.\w+)*)")
# Relationships that make their source a member of their target (or its default implementation).
MEMBERSHIP = {"memberOf", "requirementOf", "optionalRequirementOf", "defaultImplementationOf"}


def package_modules():
    """Returns (product modules, the other Swift library modules) from the package's manifest."""
    with tempfile.TemporaryDirectory() as scratch:  # its own folder: a build may hold .build's lock
        manifest = json.loads(subprocess.run(["swift", "package", "--scratch-path", scratch, "dump-package"],
                                             cwd=ROOT, check=True, capture_output=True, text=True).stdout)
    products = {target for product in manifest["products"] if "library" in product["type"]
                for target in product["targets"]}
    libraries = {(target["name"], target.get("path") or f"Sources/{target['name']}")
                 for target in manifest["targets"] if target["type"] == "regular"}
    return ({name: path for name, path in libraries if name in products},
            {name: path for name, path in libraries if name not in products})


def named_symbols(symbol, paths):
    """The precise identifiers of every declaration `symbol`'s declaration spells out; `paths` maps
    dotted names (`ProtocolVersion.current`) to identifiers, for default arguments, which the
    graph has as text."""
    fragments = list(symbol.get("declarationFragments", []))
    signature = symbol.get("functionSignature", {})
    for parameter in signature.get("parameters", []):
        fragments += parameter.get("declarationFragments", [])
    fragments += signature.get("returns", [])
    names = {fragment["preciseIdentifier"] for fragment in fragments if "preciseIdentifier" in fragment}
    for fragment in fragments:
        for value in DEFAULT_VALUE.findall(fragment["spelling"] if fragment["kind"] == "text" else ""):
            parts = value.split(".")
            names |= {paths[".".join(parts[:count])] for count in range(1, len(parts) + 1)
                      if ".".join(parts[:count]) in paths}
    for constraint in symbol.get("swiftGenerics", {}).get("constraints", []):
        if "rhsPrecise" in constraint:
            names.add(constraint["rhsPrecise"])
    return names


def reexported(path, graphs):
    """The identifiers of the declarations a product module re-exports from the other modules."""
    names = set()
    for source in sorted((ROOT / path).rglob("*.swift")):
        for module, name in REEXPORT.findall(source.read_text()):
            for symbol in graphs.get(module, {}).get("symbols", []):
                if not name or symbol["pathComponents"] == [name]:
                    names.add(symbol["identifier"]["precise"])
    return names


def needed_symbols(products, graphs):
    """The public declarations of the non-product modules that the products' interfaces need."""
    references = {}  # identifier → what needing it needs too
    paths = {".".join(symbol["pathComponents"]): symbol["identifier"]["precise"]
             for graph in graphs.values() for symbol in graph["symbols"]}
    for graph in graphs.values():
        for symbol in graph["symbols"]:
            references.setdefault(symbol["identifier"]["precise"], set()).update(named_symbols(symbol, paths))
        for relationship in graph["relationships"]:
            source, target = relationship["source"], relationship["target"]
            references.setdefault(source, set()).add(target)  # its type, protocol or superclass
            if relationship["kind"] in MEMBERSHIP:
                references.setdefault(target, set()).add(source)  # a member of a needed type
    pending = set()
    for module, path in products.items():
        pending |= reexported(path, graphs)
        for symbol in graphs[module]["symbols"]:
            pending.add(symbol["identifier"]["precise"])
    needed = set()
    while pending:
        identifier = pending.pop()
        if identifier not in needed:
            needed.add(identifier)
            pending |= references.get(identifier, set()) - needed
    return needed


def declarations(module, graph):
    """Each public declaration written in `module`'s sources: (identifier, file, line, name, open)."""
    for symbol in graph["symbols"]:
        location = symbol.get("location")
        if "::SYNTHESIZED::" in symbol["identifier"]["precise"] or not location:
            continue
        path = location["uri"].removeprefix(f"file://{ROOT}/")
        yield (symbol["identifier"]["precise"], path, location["position"]["line"] + 1,
               f"{module}.{'.'.join(symbol['pathComponents'])}", symbol["accessLevel"] == "open")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="print each needed and unneeded declaration")
    parser.add_argument("--json", action="store_true", help="print the findings as JSON (for scripts)")
    parser.add_argument("--build-path", default=str(ROOT / ".build/debug"),
                        help="the build's binary folder (default .build/debug)")
    arguments = parser.parse_args()
    modules_dir = pathlib.Path(arguments.build_path) / "Modules"
    if not modules_dir.is_dir():
        sys.exit(f"package-access: {modules_dir} does not exist; run `swift build` first")
    products, others = package_modules()
    with tempfile.TemporaryDirectory() as out_dir:
        graphs = {module: symbolgraph.extract(module, modules_dir, out_dir, "public", "package-access")
                  for module in sorted(products.keys() | others.keys())}
    needed = needed_symbols(products, graphs)
    findings = {"needed": [], "unneeded": []}
    for module in sorted(others):
        counts = {"needed": 0, "unneeded": 0}
        for identifier, path, line, name, is_open in declarations(module, graphs[module]):
            verdict = "needed" if identifier in needed or is_open else "unneeded"
            counts[verdict] += 1
            findings[verdict].append({"file": path, "line": line, "symbol": name})
        if not arguments.json:
            print(f"{module}: {counts['needed']} public declarations (a product's interface needs them, or "
                  f"they are `open`), {counts['unneeded']} no product needs (they should be `package`)")
    if arguments.json:
        print(json.dumps(findings, indent=1))
    elif arguments.list:
        for verdict in ("needed", "unneeded"):
            print(f"{verdict}:")
            for finding in sorted(findings[verdict], key=lambda item: (item["file"], item["line"])):
                print(f"  {finding['file']}:{finding['line']}: {finding['symbol']}")
    if findings["unneeded"]:
        if not arguments.json:
            print(f"package-access: {len(findings['unneeded'])} `public` declarations no product exports "
                  "(scripts/package-access.py --list names them): make them `package`", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
