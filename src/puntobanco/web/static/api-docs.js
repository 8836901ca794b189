// The API's interactive documentation (/api/docs): Swagger UI on the server's own
// OpenAPI document. Nothing is fetched from anywhere else: no validator badge,
// no remote configuration. No deep links: they put a link inside each operation's
// button, which no keyboard or screen reader can tell apart.
"use strict";

// The viewer's outline, mended for assistive technologies: its title block is the
// page's banner, its headings go 1, 2, 3 (it writes 1, 3, 4 and 1, 4), and each
// region has a name of its own. Applied again
// whenever the viewer redraws a part of the page.
function mendOutline(root) {
  const info = root.querySelector(".information-container");
  if (info && !info.hasAttribute("role")) info.setAttribute("role", "banner");
  for (const h of root.querySelectorAll(".opblock-tag-section h3, h3.opblock-tag")) {
    if (!h.hasAttribute("aria-level")) h.setAttribute("aria-level", "2");
  }
  for (const h of root.querySelectorAll("section.models h4")) {
    if (!h.hasAttribute("aria-level")) h.setAttribute("aria-level", "2");
  }
  for (const h of root.querySelectorAll(".opblock-section-header h4, .opblock-body h4")) {
    if (!h.hasAttribute("aria-level")) h.setAttribute("aria-level", "3");
  }
  // Each open operation's responses are a region: named after their operation.
  for (const table of root.querySelectorAll(".responses-table[role=region]")) {
    if (table.hasAttribute("aria-label")) continue;
    const op = table.closest(".opblock");
    const method = op?.querySelector(".opblock-summary-method")?.textContent ?? "";
    const path = op?.querySelector(".opblock-summary-path")?.textContent ?? table.id;
    table.setAttribute("aria-label", `Responses of ${method} ${path}`.replace(/\s+/g, " "));
  }
}

window.addEventListener("DOMContentLoaded", () => {
  const root = document.getElementById("swagger-ui");
  new MutationObserver(() => mendOutline(root)).observe(root, { childList: true, subtree: true });
  window.ui = window.SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: false,
    validatorUrl: null,
    queryConfigEnabled: false,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});
