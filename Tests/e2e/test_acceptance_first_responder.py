"""Acceptance scenario S60 (numbered as docs/uikit-rules.md explains: motion events to the first responder), and remote-control
events, black-box over the protocol: the scene's controller as first responder (``controller`` in the scene,
``becomeFirstResponder`` / ``resignFirstResponder`` actions), overriding the methods (``responder: log``) or not."""

from __future__ import annotations

from acceptance import act, module_server, run, scene, view  # noqa: F401

SHAKE = [{"type": "motion", "phase": "began", "t": 10}, {"type": "motion", "phase": "ended", "t": 20}]


def test_s60_shake_reaches_the_first_responder_controller(module_server):
    s = run(module_server, scene([view("V", 0, 0, 400, 800)], controller={"responder": "log", "canBecomeFirstResponder": True}),
            [act(0, {"becomeFirstResponder": "controller"}), *SHAKE])
    assert s.log() == ["note: act: controller.becomeFirstResponder() → true",
                       "controller.motionBegan(motionShake)", "controller.motionEnded(motionShake)"]


def test_s60_a_controller_that_does_not_override_forwards(module_server):
    s = run(module_server, scene([view("V", 0, 0, 400, 800)], controller={"canBecomeFirstResponder": True}),
            [act(0, {"becomeFirstResponder": "controller"}), *SHAKE])
    assert s.log(notes=False) == [
        "controller.motionBegan(motionShake)", "window.motionBegan(motionShake) via controller",
        "UIApplication#1.motionBegan(motionShake) via window",
        "controller.motionEnded(motionShake)", "window.motionEnded(motionShake) via controller",
        "UIApplication#1.motionEnded(motionShake) via window"]


def test_s60_a_controller_that_cannot_become_first_responder(module_server):
    s = run(module_server, scene([view("V", 0, 0, 400, 800)], controller={"responder": "log"}),
            [act(0, {"becomeFirstResponder": "controller"}), *SHAKE[:1]])
    assert s.log() == ["note: act: controller.becomeFirstResponder() → false", "window.motionBegan(motionShake)",
                       "UIApplication#1.motionBegan(motionShake) via window"]


def test_a_first_responder_view_then_resigning(module_server):
    s = run(module_server, scene([view("V", 0, 0, 400, 800, canBecomeFirstResponder=True)]), [
        act(0, {"becomeFirstResponder": "V"}, {"remoteControl": "begin"}), {"type": "remote", "command": "play", "t": 10},
        act(20, {"resignFirstResponder": "V"}), {"type": "remote", "command": "play", "t": 30}])
    assert s.log() == ["note: act: V.becomeFirstResponder() → true", "note: act: beginReceivingRemoteControlEvents",
                       "V.remoteControlReceived(play)", "root.remoteControlReceived(play) via V",
                       "controller.remoteControlReceived(play) via root",
                       "window.remoteControlReceived(play) via controller",
                       "UIApplication#1.remoteControlReceived(play) via window",
                       "note: act: V.resignFirstResponder() → true",
                       "window.remoteControlReceived(play)",
                       "UIApplication#1.remoteControlReceived(play) via window"]
