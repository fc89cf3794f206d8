/** Escapes text for HTML e-mail bodies, where React is not doing it for us. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/**
 * The call to action of an HTML e-mail: a button, then the address written out for mail programs
 * that hide or strip the button.
 */
export function emailButtonHtml(label: string, url: string): string[] {
  return [
    `<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>`,
    `<p style="font-size:13px;color:#4a5a70">Or copy this link: ${escapeHtml(url)}</p>`,
  ];
}

/** A whole HTML e-mail around its body, in the service's type and colour. */
export function emailDocumentHtml(body: string): string {
  return `<!doctype html><html lang="en-GB"><body style="font-family:Arial,sans-serif;color:#0b1f3a;line-height:1.5">${body}</body></html>`;
}
