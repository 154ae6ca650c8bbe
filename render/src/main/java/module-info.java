/**
 * The one implementation of Calltype's schema dialects and prompt instructions, used by the annotation
 * processor at compile time and by the runtime at run time: a small JSON value model with its strict
 * reader and compact writer, and the renderers. No dependencies.
 */
module dev.calltype.render {
    exports dev.calltype.render;
}
