#!/usr/bin/env bash
# Builds and runs Tests/versioned-dependency, a package that depends on TouchBridge by git URL and
# `from:` a version, against a tagged git repository made of this checkout's tracked files (as they
# are in the working tree). SwiftPM refuses unsafe compiler flags in such a dependency, so this fails
# if the library ever needs one again (docs/your-own-code.md).
set -euo pipefail
cd "$(dirname "$0")/.."
version=0.23.0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/TouchBridge"
git ls-files -z | xargs -0 cp --parents -t "$work/TouchBridge"
git -C "$work/TouchBridge" init -q
git -C "$work/TouchBridge" add -A
git -C "$work/TouchBridge" -c user.name=ci -c user.email=ci@localhost commit -q -m "checkout"
git -C "$work/TouchBridge" tag "$version"
export TOUCHBRIDGE_GIT_URL="file://$work/TouchBridge" TOUCHBRIDGE_VERSION="$version"
swift build --package-path Tests/versioned-dependency --scratch-path "$work/build"
"$work/build/debug/VersionedConsumer"
