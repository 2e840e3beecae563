import './zod-without-eval';
// The async boundary lets module federation negotiate shared singletons before any of them loads.
import('./bootstrap');
