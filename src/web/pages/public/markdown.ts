import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { tNow } from '../../i18n/locale.ts';
import { publicText } from './text.ts';

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

/**
 * An image from another host would make every visitor's browser ask that host: it becomes a link to
 * the image instead (the CSP would refuse to load it anyway). Images this site serves stay images.
 */
function outsideImagesAsLinks(root: DocumentFragment): void {
  for (const img of Array.from(root.querySelectorAll('img'))) {
    const src = img.getAttribute('src') ?? '';
    let own = false;
    try {
      own = !/^\/\//.test(src) && new URL(src, window.location.href).origin === window.location.origin;
    } catch {
      own = false;
    }
    if (own && !src.startsWith('data:')) continue;
    if (!/^https?:\/\//i.test(src)) {
      img.remove();
      continue;
    }
    const a = img.ownerDocument.createElement('a');
    a.setAttribute('href', src);
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
    a.textContent = img.getAttribute('alt')?.trim() || tNow(publicText)('image');
    img.replaceWith(a);
  }
}

export function renderMarkdown(source: string): string {
  installHooks();
  const html = toHtml(source);
  const fragment = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style', 'srcset'],
    RETURN_DOM_FRAGMENT: true,
  });
  outsideImagesAsLinks(fragment);
  const out = document.createElement('div');
  out.appendChild(fragment);
  return out.innerHTML;
}
