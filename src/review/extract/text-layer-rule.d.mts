export function hasTextLayer(text: string): boolean;
export function misreadTextLayer(text: string): boolean;
export function needsRecognition(text: string): boolean;
