// The first script of a webview page (dist/webview/boot.js), a classic script so that it knows its own
// element: it starts the page's app (named in its `data-app`) only once the page has loaded. VS Code
// shows a webview's page at its load event, and a module script inserted before then would hold that
// event back until the app's bundle had been fetched and run: what the host already wrote into the page
// (the known row of a task) is shown first, the app follows. The app keeps the page's nonce.
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

if (document.readyState === 'complete') {
  startApp();
} else {
  window.addEventListener('load', startApp, { once: true });
}
