import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@meridian/shared/messages';
import { SearchBox } from './search-box';

// @ant-design/icons 6.3.4's CommonJS build requires the ES build of @ant-design/colors' generate, which Jest cannot load.

describe('search box', () => {
  it('has the placeholder "Search..." and keeps what is typed, doing nothing else', async () => {
    const fetchSpy = jest.fn();
    globalThis.fetch = fetchSpy as unknown as typeof fetch;
    render(<SearchBox />);
    const box = screen.getByPlaceholderText('Search...');
    expect(box).toBe(screen.getByRole('searchbox', { name: MESSAGES.search }));

    await userEvent.setup().type(box, 'Soweto{Enter}');

    expect(box).toHaveValue('Soweto');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
