/** @jest-environment jsdom */
import { App } from 'antd';
import { render, screen, waitFor } from '@testing-library/react';
import { api } from '@meridian/shared/http/api';
import { ApiError } from '../http/api-error';
import { MESSAGES, userActionLabel } from '../messages';
import { typist, WithoutAntdStyles } from '../testing/page-test-kit';
import { type GalleryPhoto, PhotoGallery } from './photo-gallery';

jest.setTimeout(30_000);

const TEXT = { empty: 'No photos', add: 'Add photos', added: 'Added.', deleted: 'Deleted.' };
const photo = (n: number): GalleryPhoto => ({
  id: `p${n}`,
  fileName: `car-${n}.jpg`,
  thumbnailUrl: `/api/photos/p${n}/thumbnail`,
  thumbWidth: 320,
});

let made: string[];
let revoked: string[];
let download: jest.SpyInstance;
beforeEach(() => {
  made = [];
  revoked = [];
  // jsdom has no object URLs: each blob gets a numbered stand-in, so revoking can be checked.
  Object.assign(URL, {
    createObjectURL: () => {
      made.push(`blob:${made.length + 1}`);
      return made.at(-1);
    },
    revokeObjectURL: (url: string) => revoked.push(url),
  });
  download = jest.spyOn(api, 'download').mockResolvedValue(new Blob(['jpeg'], { type: 'image/jpeg' }));
});
afterEach(() => download.mockRestore());

function renderGallery(props: Partial<Parameters<typeof PhotoGallery<GalleryPhoto>>[0]> = {}) {
  const calls = {
    send: jest.fn(async (_files: File[]) => undefined),
    remove: jest.fn(async (_p: GalleryPhoto) => undefined),
    onChanged: jest.fn(),
  };
  const view = render(
    <WithoutAntdStyles>
      <App>
        <PhotoGallery photos={[photo(1), photo(2)]} canEdit maxPhotos={5} maxPerUpload={3} text={TEXT} {...calls} {...props} />
      </App>
    </WithoutAntdStyles>,
  );
  return { ...calls, ...view };
}

describe('the photo gallery', () => {
  test("each thumbnail is fetched with the caller's token and shown from a blob address that is revoked when it goes", async () => {
    const { unmount } = renderGallery();
    await waitFor(() => expect(screen.getByAltText('car-1.jpg')).toHaveAttribute('src', expect.stringMatching(/^blob:/)));
    expect(download.mock.calls.map(([path]) => path)).toEqual(['/api/photos/p1/thumbnail', '/api/photos/p2/thumbnail']);
    unmount();
    expect(revoked.sort()).toEqual([...made].sort());
  });

  test('an editor deletes a photo: the owner is read again and the success is said', async () => {
    const { remove, onChanged } = renderGallery();
    await typist().click(screen.getByRole('button', { name: userActionLabel(MESSAGES.deleteAction, 'car-2.jpg') }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(remove).toHaveBeenCalledWith(photo(2));
    expect(await screen.findByText(TEXT.deleted)).toBeInTheDocument();
  });

  test('several chosen files go in one call, no more than still fit', async () => {
    const { send } = renderGallery({ maxPhotos: 3 });
    const files = ['a.jpg', 'b.jpg', 'c.jpg'].map((name) => new File(['x'], name, { type: 'image/jpeg' }));
    await typist().upload(document.querySelector<HTMLInputElement>('input[type=file]')!, files);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]![0].map((f) => f.name)).toEqual(['a.jpg']);
  });

  test('a refused upload shows the server message and does not read the owner again', async () => {
    const { onChanged } = renderGallery({
      send: jest.fn(async () => Promise.reject(new ApiError({ status: 400, code: 'VALIDATION', message: 'A photo is at most 10 MB.' }))),
    });
    const file = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    await typist().upload(document.querySelector<HTMLInputElement>('input[type=file]')!, file);
    expect(await screen.findByText('A photo is at most 10 MB.')).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });

  test('a reader sees the thumbnails but no delete button and no upload; none is the empty text', () => {
    const { rerender } = renderGallery({ canEdit: false });
    expect(screen.queryByRole('button', { name: userActionLabel(MESSAGES.deleteAction, 'car-1.jpg') })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: new RegExp(TEXT.add) })).not.toBeInTheDocument();
    rerender(
      <WithoutAntdStyles>
        <App>
          <PhotoGallery
            photos={[]}
            canEdit={false}
            maxPhotos={5}
            maxPerUpload={1}
            text={TEXT}
            send={jest.fn()}
            remove={jest.fn()}
            onChanged={jest.fn()}
          />
        </App>
      </WithoutAntdStyles>,
    );
    expect(screen.getByText(TEXT.empty)).toBeInTheDocument();
  });
});
