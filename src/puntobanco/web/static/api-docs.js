// The API's interactive documentation (/api/docs): Swagger UI on the server's own
// OpenAPI document. Nothing is fetched from anywhere else: no validator badge,
// no remote configuration.
"use strict";
window.addEventListener("DOMContentLoaded", () => {
  window.ui = window.SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    queryConfigEnabled: false,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});
