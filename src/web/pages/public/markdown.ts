import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/**
 * Competition page content is Markdown written by organizers. It is turned into HTML with `marked`
 * and then sanitised with DOMPurify, so script, event handlers and javascript: links never reach the
 * page, whoever wrote the content. This module is only imported by the content pages' chunk.
 */
const markdown = new Marked({ gfm: true, breaks: false, async: false });

/** The page title is the only h1: content that uses `#` headings gets every heading one level lower. */
function toHtml(source: string): string {
  const tokens = markdown.lexer(source);
  let hasH1 = false;
  markdown.walkTokens(tokens, (token) => {
    if (token.type === 'heading' && token.depth === 1) hasH1 = true;
  });
  if (hasH1) {
    markdown.walkTokens(tokens, (token) => {
      if (token.type === 'heading') token.depth = Math.min(6, token.depth + 1);
    });
  }
  return markdown.parser(tokens);
}

let hooksInstalled = false;

function installHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A' || !node.hasAttribute('href')) return;
    if (isExternal(node.getAttribute('href')!)) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('target');
    }
  });
}

/** Absolute links to another site (or scheme) open in a new tab, safely; same-site links stay in the app. */
export function isExternal(href: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:|^\/\//i.test(href)) return false;
  try {
    const url = new URL(href, window.location.href);
    return url.origin !== window.location.origin;
  } catch {
    return true;
  }
}

export function renderMarkdown(source: string): string {
  installHooks();
  const html = toHtml(source);
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
