export function hasTextLayer(text: string): boolean;
export function misreadTextLayer(text: string): boolean;
export function textLayerState(text: string): 'text' | 'none' | 'misread';
