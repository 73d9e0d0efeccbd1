/**
 * A stand-in of YouTube's IFrame Player API (https://www.youtube.com/iframe_api), served to the
 * browser tests at the network edge (tests/support/books-upstream.ts, YOUTUBE_IFRAME_API_URL). It
 * answers as the real API does for what Lomda uses: `YT.Player` replaces the given element with an
 * iframe of the embed URL the real one makes, calls `onReady`, and reports PLAYING/PAUSED/ENDED to
 * `onStateChange`; `getCurrentTime()` and `getDuration()` follow a clock of its own, since the real
 * video never plays here. Tests drive it through `window.__youtubeStandIn`.
 */
(() => {
  const PlayerState = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 };
  const DURATION = 600;
  const players = [];

  class Player {
    constructor(element, options) {
      const vars = options.playerVars ?? {};
      const host = options.host ?? "https://www.youtube.com";
      const query = new URLSearchParams({
        ...Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, String(v)])),
        enablejsapi: "1",
        origin: location.origin,
      });
      this.iframe = document.createElement("iframe");
      this.iframe.src = `${host}/embed/${options.videoId}?${query}`;
      this.iframe.title = "YouTube video player";
      this.iframe.allow = "autoplay; encrypted-media; picture-in-picture";
      this.iframe.dataset.standIn = "youtube";
      element.replaceWith(this.iframe);
      this.videoId = options.videoId;
      this.start = Number(vars.start ?? 0);
      this.events = options.events ?? {};
      this.position = this.start;
      this.since = undefined;
      this.state = PlayerState.UNSTARTED;
      players.push(this);
      setTimeout(() => {
        this.events.onReady?.({ target: this });
        if (Number(vars.autoplay) === 1) this.playVideo();
      }, 0);
    }
    getCurrentTime() {
      return Math.min(
        DURATION,
        this.position + (this.since === undefined ? 0 : (performance.now() - this.since) / 1000),
      );
    }
    getDuration() {
      return DURATION;
    }
    getPlayerState() {
      return this.state;
    }
    getIframe() {
      return this.iframe;
    }
    change(state) {
      this.state = state;
      this.events.onStateChange?.({ data: state, target: this });
    }
    playVideo() {
      this.since = performance.now();
      this.change(PlayerState.PLAYING);
    }
    pauseVideo() {
      this.position = this.getCurrentTime();
      this.since = undefined;
      this.change(PlayerState.PAUSED);
    }
    seekTo(seconds) {
      this.position = seconds;
      if (this.since !== undefined) this.since = performance.now();
    }
    /** Jumps to the end, as a video that played through. */
    finish() {
      this.position = DURATION;
      this.since = undefined;
      this.change(PlayerState.ENDED);
    }
    destroy() {
      this.iframe.remove();
      players.splice(players.indexOf(this), 1);
    }
  }

  window.__youtubeStandIn = { players, DURATION };
  window.YT = { Player, PlayerState, loaded: 1 };
  window.onYouTubeIframeAPIReady?.();
})();
