// The first script of a webview page (dist/webview/boot.js), a classic script so that it knows its own
// element: it starts the page's app (named in its `data-app`) only once the page has loaded. VS Code
// shows a webview's page at its load event, and a module script inserted before then would hold that
// event back until the app's bundle had been fetched and run: what the host already wrote into the page
// (the known row of a task) is shown first, the app follows a frame later. The app keeps the page's nonce.
const boot = document.currentScript as HTMLScriptElement | null;

function startApp(): void {
  const app = boot?.dataset.app;
  if (!boot || !app) {
    return;
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.nonce = boot.nonce ?? '';
  script.src = app;
  document.body.append(script);
}

/**
 * After the frame that shows the page: VS Code makes the page visible in the same load event, and
 * the app's bundle, run before that frame, would hold the first paint of the known row back.
 */
function afterFirstPaint(): void {
  let started = false;
  const once = (): void => {
    if (!started) {
      started = true;
      startApp();
    }
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  // A page that is not being painted (a hidden frame gets no animation frames) starts its app all the same.
  setTimeout(once, 100);
}

if (document.readyState === 'complete') {
  afterFirstPaint();
} else {
  window.addEventListener('load', afterFirstPaint, { once: true });
}
