// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

function render(source: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderMarkdown(source);
  return root;
}

describe('renderMarkdown', () => {
  it('keeps ## sections as h2 when the content has no # heading', () => {
    const root = render('## Fees\n\nPer dancer.\n\n### Early');
    expect(root.querySelector('h2')?.textContent).toBe('Fees');
    expect(root.querySelector('h3')?.textContent).toBe('Early');
  });

  it('renders ordinary Markdown: headings below the page title, lists, emphasis, tables', () => {
    const root = render(
      '# Schedule\n\n- **Saturday**: Standard\n- *Sunday*: Latin\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(root.querySelector('h2')?.textContent).toBe('Schedule');
    expect(root.querySelector('h1')).toBeNull();
    expect(root.querySelectorAll('li')).toHaveLength(2);
    expect(root.querySelector('strong')?.textContent).toBe('Saturday');
    expect(root.querySelector('table td')?.textContent).toBe('1');
  });

  it('drops script tags and inline event handlers so they cannot run', () => {
    const root = render(
      'Hello <script>window.hacked = true</script>\n\n<img src="x.png" onerror="window.hacked = true">\n\n<a href="#" onclick="steal()">x</a>',
    );
    expect(root.querySelector('script')).toBeNull();
    expect(root.innerHTML).not.toMatch(/onerror|onclick|hacked/);
    expect(root.querySelector('img')?.getAttribute('src')).toBe('x.png');
  });

  it('neutralises javascript: links, including Markdown links', () => {
    const root = render('[click](javascript:alert(1)) <a href="JaVaScRiPt:alert(1)">raw</a>');
    for (const a of root.querySelectorAll('a'))
      expect(a.getAttribute('href') ?? '').not.toMatch(/javascript/i);
  });

  it('drops iframes, forms and style', () => {
    const root = render(
      '<iframe src="https://evil.example"></iframe><form action="/x"><input name="p"></form><p style="position:fixed">s</p><style>body{}</style>',
    );
    expect(root.querySelector('iframe, form, input, style')).toBeNull();
    expect(root.querySelector('p')?.hasAttribute('style')).toBe(false);
  });

  it('opens external links in a new tab without giving them the page', () => {
    const root = render(
      '[Venue map](https://maps.example.com/hall) and [rules](/rules) and [mail](mailto:a@b.org)',
    );
    const [external, internal, mail] = root.querySelectorAll('a');
    expect(external!.getAttribute('target')).toBe('_blank');
    expect(external!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(internal!.getAttribute('href')).toBe('/rules');
    expect(internal!.hasAttribute('target')).toBe(false);
    expect(mail!.getAttribute('href')).toBe('mailto:a@b.org');
  });

  it('renders nothing for empty content', () => {
    expect(renderMarkdown('').trim()).toBe('');
  });
});
