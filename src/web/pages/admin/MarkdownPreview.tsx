import { Text, Typography } from '@mantine/core';
import { useMemo } from 'react';
import { renderMarkdown } from '../public/markdown.ts';
import { useT } from '../../i18n/locale.ts';
import { adminShellText } from './shell/text.ts';

/**
 * What a page's Markdown will look like, rendered and sanitised by the same function the public
 * pages use, so the preview never shows something the site would not (or the other way round).
 */
export function MarkdownPreview({ markdown }: { markdown: string }) {
  const t = useT(adminShellText);
  const html = useMemo(() => renderMarkdown(markdown), [markdown]);
  if (markdown.trim() === '') {
    return (
      <Text c="dimmed" fs="italic">
        {t('markdown.empty')}
      </Text>
    );
  }
  // Sanitised by renderMarkdown (DOMPurify).
  return <Typography dangerouslySetInnerHTML={{ __html: html }} />;
}
