"""Acceptance scenarios S01–S06 (numbered as docs/uikit-rules.md explains: hit-testing), black-box over the protocol: an inline scene,
the manual clock, the exact event log (UIKIT-HIT-FRONT-FIRST, UIKIT-HIT-SKIPPED-VIEWS: front-most sibling first, hidden and non-interactive views skipped, no
hit outside a superview's bounds, ``point(inside:with:)`` decides)."""

from __future__ import annotations

from acceptance import D, U, module_server, run, scene, view  # noqa: F401  (module_server is a fixture)

CHAIN_TB = ["root.tb(1)", "controller.tb(1) via root", "window.tb(1) via controller", "UIApplication#1.tb(1) via window"]


def test_s01_reverse_sibling_order(module_server):
    s = run(module_server, scene([view("A", 0, 0, 200, 200), view("B", 100, 100, 200, 200)]), [D(1, 150, 150, 0), U(1, 150, 150, 50)])
    assert s.log() == ["B.tb(1)", "B.te(1)"]


def test_s02_hidden_front_view(module_server):
    s = run(module_server, scene([view("A", 0, 0, 200, 200), view("B", 100, 100, 200, 200, hidden=True)]),
            [D(1, 150, 150, 0), U(1, 150, 150, 50)])
    assert s.log() == ["A.tb(1)", "A.te(1)"]


def test_s04_interaction_disabled_ancestor(module_server):
    s = run(module_server, scene([view("P", 0, 0, 300, 300, userInteraction=False, children=[view("C", 0, 0, 300, 300)])]),
            [D(1, 50, 50, 0)])
    assert s.log() == CHAIN_TB


def test_s05_outside_parent_bounds(module_server):
    s = run(module_server, scene([view("P", 0, 0, 100, 100, children=[view("C", 80, 80, 100, 100)])]), [D(1, 150, 150, 0)])
    assert s.log() == CHAIN_TB
    inside_both = run(module_server, scene([view("P", 0, 0, 100, 100, children=[view("C", 80, 80, 100, 100)])]), [D(1, 90, 90, 0)])
    assert inside_both.log() == ["C.tb(1)"]


def test_s06_expanded_point_inside(module_server):
    s = run(module_server, scene([view("V", 100, 100, 20, 20, hitShape={"inset": -20})]), [D(1, 95, 95, 0), U(1, 95, 95, 40)])
    assert s.log() == ["V.tb(1)", "V.te(1)"]
    plain = run(module_server, scene([view("V", 100, 100, 20, 20)]), [D(1, 95, 95, 0)])
    assert plain.log() == CHAIN_TB
