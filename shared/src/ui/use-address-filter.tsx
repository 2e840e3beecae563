/**
 * One list filter kept in the address (`?status=`), so a filtered list can be shared and survives a
 * refresh; choosing none removes it. With `allowed`, a value outside it reads as none (an old or edited
 * link); without, any value stands (an id the list's own choices check).
 */
import { useSearchParams } from 'react-router';

export function useAddressFilter(name: string, allowed?: readonly string[]): [string, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const given = params.get(name) ?? '';
  const set = (next: string) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next) changed.set(name, next);
        else changed.delete(name);
        return changed;
      },
      { replace: true },
    );
  return [!allowed || allowed.includes(given) ? given : '', set];
}
