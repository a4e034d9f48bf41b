/** The size baseline (bench/README.md): React 19 + react-dom rendering one element, nothing else. */
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root') as HTMLElement).render(<h1>Taza Haat</h1>);
