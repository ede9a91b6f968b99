import { call } from '../../../api/client.ts';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { setupText } from './text.ts';
import { useT } from '../../../i18n/locale.ts';

/** Downloads the whole competition as JSON (GET …/export), named by key and today's date. */
export function useExportJson(competitionKey: string) {
  const t = useT(setupText);
  return useCommand({
    run: async () => {
      const doc = await call(endpoints.getExport, { key: competitionKey });
      const blob = new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `${competitionKey}-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1_000);
      return link.download;
    },
    success: (file) => ({
      title: t('export.title'),
      message: t('export.message', { file }),
      color: undefined,
    }),
  });
}
