import { Paper, SegmentedControl, Tabs, Textarea } from '@mantine/core';
import { useState } from 'react';
import { pageNames, type PageName } from '../../../../domain/schemas/competition.ts';
import { MarkdownPreview } from '../MarkdownPreview.tsx';
import type { UseFormReturnType } from '@mantine/form';
import { SetupSection } from './SetupSection.tsx';
import type { SetupValues } from './setupForm.ts';
import { setupText } from './text.ts';
import { useT } from '../../../i18n/locale.ts';
import type { SetupKey } from './text.ts';

const pageLabels = {
  details: 'pages.details',
  rules: 'pages.rules',
  venue: 'pages.venue',
  contact: 'pages.contact',
  about: 'pages.about',
} as const satisfies Record<PageName, SetupKey>;

/** The public pages in Markdown, written or previewed. */
export function PagesSection({ form }: { form: UseFormReturnType<SetupValues> }) {
  const t = useT(setupText);
  const [pageView, setPageView] = useState<'write' | 'preview'>('write');
  const pageErrors = (p: PageName) => Boolean(form.errors[`pages.${p}`]);
  return (
    <SetupSection
      id="setup-pages"
      title={t('pages.title')}
      action={
        <SegmentedControl
          size="xs"
          aria-label={t('pages.view')}
          value={pageView}
          onChange={(v) => setPageView(v === 'preview' ? 'preview' : 'write')}
          data={[
            { value: 'write', label: t('pages.write') },
            { value: 'preview', label: t('pages.preview') },
          ]}
        />
      }
    >
      <Tabs
        defaultValue="details"
        // Only the open page's editor is drawn: five autosizing text areas measured at once held the
        // setup screen's first paint back by ~70 ms. The text stays in the form while a tab is closed.
        keepMounted={false}
        // Five tabs in one row on a phone: tighter tabs, and a sideways scroll rather than a second row.
        styles={{
          list: { flexWrap: 'nowrap', overflowX: 'auto' },
          tab: { paddingInline: 'var(--mantine-spacing-xs)' },
        }}
      >
        <Tabs.List>
          {pageNames.map((p) => (
            <Tabs.Tab key={p} value={p} c={pageErrors(p) ? 'red' : undefined}>
              {t(pageLabels[p])}
              {pageErrors(p) ? ' (!)' : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {pageNames.map((p) => (
          <Tabs.Panel key={p} value={p} pt="sm">
            {pageView === 'write' ? (
              <Textarea
                label={t('pages.markdown', { page: t(pageLabels[p]) })}
                description={t('pages.markdownHelp')}
                autosize
                minRows={8}
                maxRows={24}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                {...form.getInputProps(`pages.${p}`)}
              />
            ) : (
              <Paper
                withBorder
                p="md"
                radius="sm"
                mih={160}
                aria-label={t('pages.previewLabel', { page: t(pageLabels[p]) })}
              >
                <MarkdownPreview markdown={form.values.pages[p]} />
              </Paper>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </SetupSection>
  );
}
