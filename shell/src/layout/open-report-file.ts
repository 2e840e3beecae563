/**
 * Opens a finished report's file (spec 7.7: "the report file opens after 1000 ms"). The file's address is an
 * API route that needs the access token, which lives in memory and goes in a header, never in a cookie or an
 * address: so the file is fetched through the one http client (`api.download`) and handed to the browser as
 * a blob. A PDF opens in a new tab, where the browser shows it; a spreadsheet or CSV (which a tab would only
 * download under a meaningless blob name), or a PDF whose tab the browser blocked, is saved under the
 * report's name. Chosen over a short-lived signed link: no second way to authorise a download to keep safe.
 */
import { api } from '@meridian/shared/http/api';
import { saveFile } from '@meridian/shared/http/save-file';

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/csv': 'csv',
};

/** How long a tab's blob address stays valid: long enough for the new tab to read it. */
const BLOB_KEPT_MS = 60_000;

export async function openReportFile(filePath: string, reportName: string): Promise<void> {
  const blob = await api.download(filePath);
  const type = (blob.type.split(';')[0] ?? '').trim().toLowerCase();
  if (type === 'application/pdf') {
    const url = URL.createObjectURL(blob);
    // Not the 'noopener' feature: with it window.open answers null even when the tab opened, and the PDF
    // was then saved as well. The tab shows our own blob; it is cut from this page by clearing its opener.
    const tab = window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), BLOB_KEPT_MS);
    if (tab !== null) {
      tab.opener = null;
      return;
    }
  }
  saveFile(blob, `${reportName}.${EXTENSIONS[type] ?? 'bin'}`);
}
