// The device's controls beside the scene: shake (the device's motion sensor, or the Shake button held
// down), the media buttons (remote.mjs), Advance (a manual clock), Restart and Mark (a note in the
// server's recording); and what they say about the session they act on.

import { ShakeDetector } from './motion.mjs';
import { installRemote } from './remote.mjs';

const $ = (sel) => document.querySelector(sel);

export class DeviceControls {
  /**
   * @param {object} o
   * @param {'device'|'observer'} o.role   observers get no controls
   * @param {object} o.session             session.mjs: what the controls send
   */
  constructor({ role, session }) {
    this.role = role;
    this.session = session;
    this.marks = 0;
    if (role === 'device') this.install();
  }

  install() {
    const { session } = this;
    const status = $('#motion-status');
    const shake = new ShakeDetector({
      onPhase: (phase) => {
        session.sendTimed({ type: 'motion', phase });
        status.textContent = phase === 'began' ? 'shaking…' : `shake ${phase}`;
      },
    });
    // Listen right away (Chrome and Android deliver events without asking); iOS delivers nothing until
    // DeviceMotionEvent.requestPermission() is answered from a tap, so offer the button while no event came.
    shake.start();
    const permission = $('#motion-permission');
    if (shake.needsPermission) {
      setTimeout(() => {
        if (shake.events > 0) return;
        permission.hidden = false;
        if (!window.isSecureContext) status.textContent = 'the shake sensor needs https';
      }, 1000);
      permission.addEventListener('click', async () => {
        const answer = await shake.requestPermission();
        status.textContent = answer === 'granted' ? 'shake the device' : `sensor: ${answer}`;
        if (answer === 'granted') permission.hidden = true;
      });
    }
    const shakeButton = $('#shake');
    const motion = (phase) => session.sendTimed({ type: 'motion', phase });
    let held = false;
    shakeButton.addEventListener('pointerdown', (e) => {
      e.preventDefault();
      if (held) return;
      held = true;
      shakeButton.classList.add('held');
      try { shakeButton.setPointerCapture(e.pointerId); } catch { /* ignore */ }
      motion('began');
    });
    const release = (phase) => () => {
      if (!held) return;
      held = false;
      shakeButton.classList.remove('held');
      motion(phase);
    };
    shakeButton.addEventListener('pointerup', release('ended'));
    shakeButton.addEventListener('pointercancel', release('cancelled'));
    shakeButton.addEventListener('keydown', (e) => { if ((e.key === 'Enter' || e.key === ' ') && !e.repeat) motion('began'); });
    shakeButton.addEventListener('keyup', (e) => { if (e.key === 'Enter' || e.key === ' ') motion('ended'); });
    installRemote({ send: (command) => session.sendTimed({ type: 'remote', command }), root: $('#media-buttons'), enabled: () => this.role === 'device' });
    $('#advance').addEventListener('click', () => session.sendTimed({ type: 'advance' }));
    $('#restart').addEventListener('click', () => { if (session.state.scene) session.openScene(session.state.scene); });
    // "That tap was wrong": a note in the server's recording (`serve --record`), shown by `touchbridge replay`.
    $('#mark').addEventListener('click', () => {
      this.marks += 1;
      session.mark(`mark ${this.marks}`);
    });
  }

  /** A session was joined: whether Mark is saved, whether Advance drives its clock. */
  welcomed(w) {
    this.showRecording(typeof w.recording === 'boolean' ? w.recording : null);
    $('#advance').hidden = !(this.role === 'device' && w.clock === 'manual');
  }

  /**
   * Mark is only useful when the server records this session (`welcome.recording`): say which, next to
   * the button and in the note a press leaves in the log. A server that does not say (null) says nothing.
   */
  showRecording(recording) {
    $('#mark').title = recording === false ? 'The server is not recording this session (start it with touchbridge serve --record)'
      : 'Mark this moment in the server\'s recording of this session (touchbridge serve --record)';
    $('#mark-status').textContent = recording === true ? '● recording' : recording === false ? 'not recording' : '';
  }
}
