import { NotFoundPanel } from './States';

export default function NotFound() {
  return <NotFoundPanel />;
}
