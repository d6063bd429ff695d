/**
 * The one HTML page of the cabinet. It carries no data and no secret: everything is fetched by the modules
 * with the session cookie, so the page may be served to anyone and never cached.
 */
export function shellHtml(assetBase: string): string {
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Кабинет — проверка проектной документации</title>
<link rel="icon" type="image/svg+xml" href="${assetBase}favicon.svg">
<link rel="stylesheet" href="${assetBase}cabinet.css">
<script type="module" src="${assetBase}app.js"></script>
</head>
<body>
<div id="app"><p class="state">Загрузка…</p></div>
<noscript><p class="state">Для работы кабинета включите JavaScript.</p></noscript>
</body>
</html>
`;
}
