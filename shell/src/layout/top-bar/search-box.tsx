/**
 * The top bar's search box (spec 2.6): placeholder 'Search...' and, as the spec says, no behaviour.
 * It keeps what is typed and does nothing with it.
 */
import { useState } from 'react';
import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { MESSAGES } from '@meridian/shared/messages';

export function SearchBox() {
  const [text, setText] = useState('');
  return (
    <Input
      type="search"
      aria-label={MESSAGES.search}
      placeholder={MESSAGES.searchPlaceholder}
      prefix={<SearchOutlined aria-hidden />}
      value={text}
      onChange={(event) => setText(event.target.value)}
      style={{ width: 200, maxWidth: '30vw' }}
    />
  );
}
