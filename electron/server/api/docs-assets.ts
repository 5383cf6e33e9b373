// The API reference page's own script and stylesheet (docs-page.ts serves them beside Swagger UI's bundle).

/** Starts Swagger UI on the served document. The page's only headings are Swagger UI's, so it adds the level-2 heading
 * its operation groups (h3) need, and labels the part above the operations as a region (axe: heading-order, region). */
export const DOCS_SCRIPT = `'use strict';
window.addEventListener('load', function () {
  var root = document.getElementById('swagger-ui');
  function headings(system) {
    var h = system.React.createElement;
    return { wrapComponents: { operations: function (Original) {
      return function (props) { return h(system.React.Fragment, null, h('h2', { className: 'visually-hidden' }, 'Operations'), h(Original, props)); };
    } } };
  }
  window.ui = window.SwaggerUIBundle({
    url: root.getAttribute('data-document'),
    dom_id: '#swagger-ui',
    deepLinking: false,
    validatorUrl: 'none',
    presets: [window.SwaggerUIBundle.presets.apis],
    plugins: [headings],
    layout: 'BaseLayout',
    defaultModelsExpandDepth: -1,
    // Its highlighter's theme puts #d36363 on #333 (3.45:1): plain text on Swagger UI's dark blocks reads at AA.
    syntaxHighlight: { activated: false },
    onComplete: function () {
      var about = document.querySelector('.information-container');
      if (about) { about.setAttribute('role', 'region'); about.setAttribute('aria-label', 'About this API'); }
      root.setAttribute('data-ready', 'true');
    },
  });
  // A code block that scrolls can be scrolled from the keyboard (axe: scrollable-region-focusable).
  function focusable() {
    root.querySelectorAll('pre:not([tabindex]), .microlight:not([tabindex]), .body-param__example:not([tabindex])').forEach(function (el) { el.setAttribute('tabindex', '0'); });
  }
  new MutationObserver(focusable).observe(root, { childList: true, subtree: true });
});
`;

/** Swagger UI's colours darkened to WCAG AA (4.5:1) where it puts white text on them or coloured text on white. */
export const DOCS_STYLE = `.swagger-ui .opblock.opblock-get .opblock-summary-method{background:#0b5fb3}
.swagger-ui .opblock.opblock-post .opblock-summary-method{background:#0a7346}
.swagger-ui .opblock.opblock-put .opblock-summary-method{background:#9a5200}
.swagger-ui .opblock.opblock-patch .opblock-summary-method{background:#08705f}
.swagger-ui .opblock.opblock-delete .opblock-summary-method{background:#c01f1f}
.swagger-ui .opblock.opblock-head .opblock-summary-method,.swagger-ui .opblock.opblock-options .opblock-summary-method{background:#5b4ac4}
.swagger-ui .info .title small{background:#4d5360}
.swagger-ui .info .title small.version-stamp{background:#3f6b00}
.swagger-ui .info a.link,.swagger-ui .info .url{color:#1d5fae}
.swagger-ui .btn.authorize{color:#0a7346;border-color:#0a7346}
.swagger-ui .btn.authorize svg{fill:#0a7346}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;
