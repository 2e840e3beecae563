import { screen } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import PdfReaderPage from './pdf-reader-page';
import PreviewPage from './preview-page';
import { renderPage } from './parts/page-test-kit';

const preview = (query: string) => renderPage(<PreviewPage />, { path: '/preview', at: `/preview${query}` });
const pdf = (query: string) => renderPage(<PdfReaderPage />, { path: '/pdfReader', at: `/pdfReader${query}` });

describe('preview and PDF reader', () => {
  test('say clearly that there is nothing to show without a url', () => {
    preview('');
    expect(screen.getByText(MESSAGES.noDocument)).toBeInTheDocument();
  });

  test('show an image of this application as an image', () => {
    preview(`?url=${encodeURIComponent('/api/files/photo.jpg')}`);
    expect(screen.getByRole('img', { name: 'Document preview' })).toHaveAttribute('src', '/api/files/photo.jpg');
  });

  test('frame other documents with scripts disabled', () => {
    preview(`?url=${encodeURIComponent('/api/files/letter.html')}`);
    const frame = screen.getByTitle('Document preview');
    expect(frame).toHaveAttribute('src', '/api/files/letter.html');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-scripts');
  });

  test('embed a PDF of this application', () => {
    pdf(`?url=${encodeURIComponent(`${window.location.origin}/api/files/statement.pdf`)}`);
    expect(screen.getByTitle('PDF document')).toHaveAttribute('src', '/api/files/statement.pdf');
  });

  test.each([
    ['another site', 'https://evil.example/doc.pdf'],
    ['a protocol-relative address', '//evil.example/doc.pdf'],
    ['a script address', 'javascript:alert(1)'],
  ])('refuse %s', (_label, url) => {
    pdf(`?url=${encodeURIComponent(url)}`);
    expect(screen.getByText(MESSAGES.documentNotAllowed)).toBeInTheDocument();
    expect(screen.queryByTitle('PDF document')).not.toBeInTheDocument();
  });
});
