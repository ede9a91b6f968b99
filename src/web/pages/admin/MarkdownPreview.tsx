import { Text, Typography } from '@mantine/core';
import { useMemo } from 'react';
import { renderMarkdown } from '../public/markdown.ts';

/**
 * What a page's Markdown will look like, rendered and sanitised by the same function the public
 * pages use, so the preview never shows something the site would not (or the other way round).
 */
export function MarkdownPreview({ markdown }: { markdown: string }) {
  const html = useMemo(() => renderMarkdown(markdown), [markdown]);
  if (markdown.trim() === '') {
    return (
      <Text c="dimmed" fs="italic">
        This page is empty.
      </Text>
    );
  }
  // Sanitised by renderMarkdown (DOMPurify).
  return <Typography dangerouslySetInnerHTML={{ __html: html }} />;
}
