// Scene changes are browser history: each scene the user opens is a history entry (?scene=name), so
// Back returns to the previous scene and a reload or a shared link opens the same one.

export class SceneHistory {
  /** @param {(scene: string) => void} onNavigate  Back/Forward reached an entry for this scene */
  constructor(onNavigate) {
    this.started = false;
    window.addEventListener('popstate', () => {
      const scene = new URL(window.location.href).searchParams.get('scene');
      if (scene) onNavigate(scene);
    });
  }

  /**
   * The server now shows `scene`. The first scene of the page replaces the URL's; a later one the
   * URL does not name yet (a switch the user asked for, not a Back) pushes a new entry.
   */
  showing(scene) {
    const url = new URL(window.location.href);
    if (url.searchParams.get('scene') === scene) {
      this.started = true;
      return;
    }
    url.searchParams.set('scene', scene);
    if (this.started) window.history.pushState({ scene }, '', url);
    else window.history.replaceState({ scene }, '', url);
    this.started = true;
  }
}
